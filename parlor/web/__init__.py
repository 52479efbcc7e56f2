"""The staff tablet: server-rendered pages over the services, Japanese first."""
