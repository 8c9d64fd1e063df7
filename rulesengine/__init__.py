"""rulesengine: exact, teachable rules engines for two tabletop games.

* :mod:`rulesengine.looper` — Tragedy Looper (rule ids ``TL-…``).
* :mod:`rulesengine.grove` — In a Grove (rule ids ``GR-…``).
* :mod:`rulesengine.i18n` — English / Vietnamese labels for the rule sources' terms.
* :mod:`rulesengine.viz` — matplotlib drawings and ipywidgets controllers (the only
  place that imports either).

>>> import rulesengine
>>> rulesengine.__version__
'0.1.0'
"""

from __future__ import annotations

from rulesengine.errors import IllegalActionError, RulesEngineError

__version__ = "0.1.0"

__all__ = ["IllegalActionError", "RulesEngineError", "__version__"]
