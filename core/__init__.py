"""What every app of the site shares, below all of them: the refusal a service raises,
the API's base, reading request text safely, live-update groups and publishing, and
work after a commit (callbacks, tasks queued by name). Imports nothing of the site."""
