"""The JavaScript runtime of the web target: remikc/emit/web.py inlines these files."""
