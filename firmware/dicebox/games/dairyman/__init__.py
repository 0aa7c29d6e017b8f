"""Dairyman: roll sets of ten, fill the barns, claim milk tiles."""
