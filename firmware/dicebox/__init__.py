# Dicebox firmware package.
VERSION = "0.1.0"
