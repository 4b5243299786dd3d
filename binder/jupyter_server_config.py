# The Jupyter server's settings on Binder (binder/postBuild puts this file in the environment's
# config folder): the dashboards, served by their own launcher with preheated kernels
# (python -m explorer.dashboards, which binder/start runs next to the server), are proxied
# under <base>/dashboards/, so that Binder's badge opens <base>/dashboards/voila/render/index.ipynb.
import os

c = get_config()  # noqa: F821 -- given by the Jupyter server when it reads this file
c.ServerProxy.servers = {
    "dashboards": {
        # Already started by binder/start (its kernels preheat while the server starts), so no command.
        "command": [],
        "port": int(os.environ.get("EXPLORER_DASHBOARDS_PORT", "8866")),
        # The launcher serves everything under <base>/dashboards/ itself (its --base-url).
        "absolute_url": True,
        "launcher_entry": {"title": "Dashboards", "path_info": "dashboards/voila/render/index.ipynb"},
    },
}
