"""Playing Tragedy Looper on the rules kernel: agents, prepared plans, replays and the community format.

Everything here is a client of :mod:`rulesengine.looper.rules`: an agent is handed an observation that
holds no hidden fact, a replay drives the kernel with recorded actions, and the community import and
export convert script files to and from the kernel's script format.
"""
