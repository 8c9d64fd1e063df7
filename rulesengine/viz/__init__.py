"""Drawings (matplotlib) and widget controllers (ipywidgets).

This is the only part of :mod:`rulesengine` that imports matplotlib or
ipywidgets; the engines never import it. Plot helpers take ``ax=None`` and
return the axes; controllers are thin classes whose widgets can be driven from
Python (set ``.value``, call ``.click()``) in tests.
"""
