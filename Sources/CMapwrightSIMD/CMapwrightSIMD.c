// The vector helpers are all inline in include/CMapwrightSIMD.h.
