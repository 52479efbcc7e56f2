"""What the doors (parlor/api, web, public, admin) share: labels and text for what people read,
the rows and tiles of the pages, receipts, the manager's header link. Below the doors, above
services, selectors and models: a door may import it; it imports no door."""
