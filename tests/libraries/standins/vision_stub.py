"""Text of a stub for torchvision and PIL, for scripts that import the whole of timm.

timm's package __init__ (and timm.models, through timm.data) imports torchvision and PIL, which
are not installed here; the proofs that build timm models or use timm's optimizer factory never
call into them. A script that starts with STUB gets, for every `torchvision.*` / `PIL.*` module,
an empty module whose attributes are inert placeholder classes. It runs in its own interpreter
(a subprocess): the finder it installs never reaches the test process.
"""

STUB = '''import importlib.abc
import importlib.machinery
import sys
import types


class _Inert(type):
    def __getattr__(cls, name):  # `Image.BILINEAR`, `InterpolationMode.BICUBIC`: more placeholders
        if name.startswith("__"):
            raise AttributeError(name)
        return _Inert(name, (), {})


def _placeholder(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return _Inert(name, (), {})


class _VisionStub(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path, target=None):
        if fullname.split(".")[0] in ("torchvision", "PIL"):
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        module = types.ModuleType(spec.name)
        module.__path__ = []
        module.__getattr__ = _placeholder
        module.__version__ = "10.0.0" if spec.name == "PIL" else "0.0.0+stub"
        return module

    def exec_module(self, module):
        pass


sys.meta_path.insert(0, _VisionStub())
'''
