// Placeholder: replaced by the ICalendarFormat implementation.
