"""The REST API: thin views over services and selectors."""
