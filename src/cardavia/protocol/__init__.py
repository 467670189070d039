"""Cardavia on other programs' wire protocols: the Guandan AI competitions'
judge (``guandan_judge``), a client for any Cardavia agent (``guandan_bot``)
and the wire text of their cards and moves (``guandan_text``).  These
modules need the ``protocol`` extra (``websockets``) only to open sockets."""
