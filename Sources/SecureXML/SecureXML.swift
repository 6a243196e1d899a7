// Placeholder: replaced by the SecureXML implementation.
