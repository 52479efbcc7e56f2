"""Pages for players and the public: standings (no login), the player's page and receipts."""
