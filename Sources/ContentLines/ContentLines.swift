// Placeholder: replaced by the ContentLines implementation.
