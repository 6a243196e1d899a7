// Placeholder: replaced by the Kith implementation.
