"""Services: each write is one transaction that locks the game (or table) row it changes."""
