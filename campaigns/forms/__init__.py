"""Forms of the site's own pages."""
