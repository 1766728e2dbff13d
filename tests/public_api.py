"""The public API, enumerated: every name in a public module's ``__all__`` and every
public method or property a public class defines itself. The gallery must show each."""

from __future__ import annotations

import importlib
import inspect

PUBLIC_MODULES = (
    "tiny_computer_agent",
    "tiny_computer_agent.desktop",
    "tiny_computer_agent.brains.models",
    "tiny_computer_agent.remote",
    "tiny_computer_agent.console",
)


def _prefix(module: str) -> str:
    return "" if module == "tiny_computer_agent" else module.rsplit(".", 1)[1] + "."


def public_names() -> set[str]:
    names: set[str] = set()
    for module_name in PUBLIC_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError:
            continue
        for name in module.__all__:
            if name.startswith("__"):
                continue
            qualified = _prefix(module_name) + name
            names.add(qualified)
            obj = getattr(module, name)
            if inspect.isclass(obj) and not issubclass(obj, BaseException):
                for attr, value in vars(obj).items():
                    if attr.startswith("_"):
                        continue
                    if callable(value) or isinstance(value, (property, classmethod, staticmethod)):
                        names.add(f"{qualified}.{attr}")
    return names
