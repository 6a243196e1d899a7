// Placeholder: replaced by the VCardFormat implementation.
