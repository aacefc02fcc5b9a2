# The site side makes its entry from the adjudicator's registry as it is imported, as a
# shipped variant's does; this variant is in that registry only while a test registers it,
# so the collection of doctests must not import it on its own.
collect_ignore = ["site"]
