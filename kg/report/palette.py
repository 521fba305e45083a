"""The colours of ``kg viz``'s page: one a class, events and entities each from their own set."""

__all__ = ["ENTITY_COLOURS", "EVENT_COLOURS", "GREY"]

#: colours by class, given out in the ontology's (sorted) order; kg:Event itself and unknown classes are grey
EVENT_COLOURS = (
    "#e8590c",
    "#2f9e44",
    "#d6336c",
    "#7048e8",
    "#e03131",
    "#f59f00",
    "#0c8599",
    "#66a80f",
    "#a61e4d",
    "#ae3ec9",
    "#1098ad",
    "#e67700",
)
ENTITY_COLOURS = (
    "#868e96",
    "#a47148",
    "#0b7285",
    "#b08968",
    "#12b886",
    "#495057",
    "#1c7ed6",
    "#1b2a6b",
    "#495057",
    "#3b5bdb",
)
GREY = "#adb5bd"
