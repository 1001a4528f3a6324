"""The campaign scenarios' rule changes, one module per scenario, each registering its
:class:`~krestonostsy.engine.hook.Hook` objects (``engine/modules.py`` imports them;
a scenario switches one on by naming it in ``hooks:``). See docs/campaign.md."""
