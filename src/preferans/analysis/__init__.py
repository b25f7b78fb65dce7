"""Deal analysis, shared by the clients: the solver's value of every legal card
(:mod:`.values`) and every position of a recorded game (:mod:`.positions`). The terminal's
replay and the web page's analysis endpoint both use it; it imports no client."""
