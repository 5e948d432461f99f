"""The interpreter as the worker booted it, captured once and put back before every run.

A program can change far more than its own namespace: rebind `torch.tensor` or `builtins.print`,
patch `Tensor.__add__`, empty `sys.modules`, add warnings filters, raise the recursion limit,
edit `sys.path` or `os.environ`, reseed `random`, delete or overwrite engine files, leave files in
its working directory. `BootState.capture()` records all of that after boot; `restore()` undoes
what changed, so the next program starts as in a new process with the engine and the standard
library as they were at boot. It stays cheap (about a millisecond in the worker) because the
common case, nothing changed, is one comparison of the addresses of every key and value of every
module and class namespace, and, in the worker, a look at the file system's nodes from JS
(app/file-watch.js) instead of an os.stat of every file the worker owns (the engine's zip, the runner).

Restoring is shallow: a module's or class's attributes are put back, objects they refer to keep
their contents. So state that is meant to outlive a run (the runner's sessions, say) lives inside
containers created before the capture; rebinding a module global is undone at the next run.

What cannot be put back (a changed file of the standard library) is reported by `damage()`, and
the worker is then replaced by a fresh one.
"""

import builtins
import gc
import os
import random
import shutil
import signal
import stat
import sys
from _ctypes import Array, _SimpleCData, sizeof  # built in; the ctypes package costs 100+ ms to import in Pyodide
from functools import reduce
from importlib.machinery import ExtensionFileLoader
from operator import iconcat, is_

_IMMUTABLE_TYPE = 1 << 8  # Py_TPFLAGS_IMMUTABLETYPE: builtin and C types, which no program can patch


class BootState:
    def __init__(self, *, owned_dirs, scratch_dirs, worker):
        """`owned_dirs`: trees whose files are kept in memory and rewritten when changed (the engine,
        the runner); `scratch_dirs`: emptied back to their boot contents (the working directory);
        `worker`: True in the app's worker, whose file system is its own and whose programs are
        anyone's: damage() checks the standard library's files. False on a host (app/py/host.py),
        whose sys.path holds thousands of installed files and whose programs are the course's own:
        packages with compiled modules that a program imports are kept (_adopt_compiled_packages)."""
        self._owned_dirs = owned_dirs
        self._scratch_dirs = scratch_dirs
        self._worker = worker

    def capture(self):
        # What the rest of restore() runs on, put back first with methods taken now: a program may
        # have rebound `len` or this module's own names.
        self._first = [(vars(builtins), dict(vars(builtins))), (globals(), dict(globals()))]
        # (live mapping, class or None, its contents at boot)
        self._namespaces = _namespaces_of(sys.modules.values())
        self._boot_modules = dict(sys.modules)
        self._compiled_packages = _compiled_packages(self._boot_modules)
        self._namespaces.append((sys.modules, None, self._boot_modules))
        self._namespaces.append((sys.path_importer_cache, None, dict(sys.path_importer_cache)))
        self._fingerprint()
        self._lists = [(items, list(items)) for items in (sys.path, sys.meta_path, sys.path_hooks, gc.callbacks, _warning_filters())]
        self._environ = dict(os.environ)
        self._cwd = os.getcwd()
        self._limits = (sys.getrecursionlimit(), sys.get_int_max_str_digits(), gc.isenabled(), gc.get_threshold())
        self._sigint = signal.getsignal(signal.SIGINT)
        self._owned_files, self._listings = {}, {}  # path: (content, stat key); folder: (names, mode)
        for top in self._owned_dirs:
            for folder, dirs, files in os.walk(top):
                self._listings[folder] = (set(dirs) | set(files), os.stat(folder).st_mode)
                dirs[:] = [d for d in dirs if os.path.join(folder, d) not in self._scratch_dirs]
                for name in files:
                    path = os.path.join(folder, name)
                    with open(path, "rb") as file:
                        self._owned_files[path] = (file.read(), _stat_key(path))
        self._listings.update({folder: (set(os.listdir(folder)), os.stat(folder).st_mode) for folder in self._scratch_dirs})
        self._system_files = {path: _stat_key(path) for path in _system_paths(self._owned_dirs)} if self._worker else {}
        return self

    def _fingerprint(self):
        self._dicts = [live if type(live) is dict else _dict_behind(live) for live, _, _ in self._namespaces]
        self._boot_sizes = list(map(len, self._dicts))
        self._boot_contents = _contents(self._dicts)  # holds every key and value, so no other object takes their addresses
        self._read_addresses = _address_reader(sum(self._boot_sizes))
        self._boot_addresses = list(map(self._read_addresses, self._boot_contents))

    def _namespaces_unchanged(self):
        # Every namespace has as many entries as at boot, and every key and value, in order, is the
        # very object it was: compared by address, so no program-defined __eq__ runs here.
        return (list(map(len, self._dicts)) == self._boot_sizes
                and list(map(self._read_addresses, _contents(self._dicts))) == self._boot_addresses)

    def replaced(self, modules, plain):
        """The names ("module.name", "Class.name") of what a module or class held at boot, other than
        plain data, that the program rebound or deleted: a function, class, module or object that
        code relies on (the course's checks: course/README.md, "Checks"). Additions, and values such
        as flags, numbers and containers that code rebinds as it runs (torch's grad mode, a hook
        counter), are not: values of the types `plain`. `modules`: only these modules' names and
        their classes' (None: all).
        Called with Python's built-ins as they were at boot (runner.check_program)."""
        if self._namespaces_unchanged():
            return []
        changed = []
        for live, cls, boot in self._namespaces:
            if live is sys.modules or live is sys.path_importer_cache or live is vars(builtins):  # the caller compares built-ins
                continue
            if modules is not None and (boot.get("__name__") if cls is None else cls.__module__) not in modules:
                continue
            if len(live) == len(boot) and all(map(is_, live.values(), boot.values())) and all(map(is_, live, boot)):
                continue  # most namespaces: unchanged, found in a C loop
            owner = getattr(cls, "__qualname__", None) or boot.get("__name__", "?")
            changed += [f"{owner}.{key}" for key, value in boot.items()
                        if type(value) not in plain and live.get(key, _MISSING) is not value]
        return changed

    def modules_intact(self):
        """Whether every module of the boot is still in sys.modules, as the very same object."""
        modules = sys.modules
        return all(modules.get(name) is module for name, module in self._boot_modules.items())

    def restore(self, files_unchanged=False):
        """Puts back everything the last programs changed; returns the names of what was restored.
        `files_unchanged`: the caller knows that no file of the owned and scratch trees changed since
        the last restore, so they are not checked (the worker asks Pyodide's file system, app/file-watch.js)."""
        for live, boot in self._first:
            _put_back(live, boot)
        restored = []
        if not self._worker:
            self._adopt_compiled_packages()
        if not self._namespaces_unchanged():
            for live, cls, boot in self._namespaces:
                if _restore_namespace(live, cls, boot):
                    restored.append(getattr(cls, "__qualname__", None) or boot.get("__name__", "sys.modules"))
            self._fingerprint()  # the same contents, perhaps in another order
        for items, boot in self._lists:
            if len(items) != len(boot) or not all(map(is_, items, boot)):
                items[:] = boot
                restored.append("lists")
                _filters_mutated()
        if dict(os.environ) != self._environ:
            os.environ.clear()
            os.environ.update(self._environ)
            restored.append("os.environ")
        recursion, digits, gc_enabled, threshold = self._limits
        sys.setrecursionlimit(recursion)
        sys.set_int_max_str_digits(digits)
        gc.enable() if gc_enabled else gc.disable()
        gc.set_threshold(*threshold)
        sys.settrace(None)
        sys.setprofile(None)
        signal.signal(signal.SIGINT, self._sigint)
        if not files_unchanged and self._restore_files():
            restored.append("files")
            import importlib
            importlib.invalidate_caches()
        os.chdir(self._cwd)
        random.seed()  # a new process draws a fresh seed
        return restored

    def _adopt_compiled_packages(self):
        """New modules of a package that holds compiled modules stay, as if imported at boot: such
        modules cannot be imported a second time (numpy: "cannot load module more than once per
        process"), and their packages' lazily imported parts register things once per process (real
        PyTorch's). Hosts only: the browser has no such packages, and there a program could pass a
        module of its own off as one, to keep it for later runs."""
        new = {name: module for name, module in sys.modules.items() if name not in self._boot_modules}
        if not new:
            return
        self._compiled_packages.update(_compiled_packages(new))
        adopted = {name: module for name, module in new.items() if name.partition(".")[0] in self._compiled_packages}
        if adopted:
            self._boot_modules.update(adopted)
            self._namespaces[:0] = _namespaces_of(adopted.values())
            # The import bound each new submodule on its package (numpy.random): kept too, or restoring
            # the package's namespace would leave numpy's lazy __getattr__ importing it without end.
            boots = {id(live): boot for live, cls, boot in self._namespaces if cls is None}
            for name, module in adopted.items():
                package, _, attribute = name.rpartition(".")
                namespace = getattr(sys.modules.get(package), "__dict__", None)
                if namespace is not None and namespace.get(attribute) is module and id(namespace) in boots:
                    boots[id(namespace)][attribute] = module
            self._fingerprint()

    def _restore_files(self):
        changed = False
        for folder, (names, mode) in self._listings.items():  # a folder before what it holds
            if not os.path.isdir(folder) or os.path.islink(folder):
                _remove(folder)
                os.makedirs(folder)
                changed = True
            if os.stat(folder).st_mode != mode:  # also made readable again before it is listed
                os.chmod(folder, stat.S_IMODE(mode))
                changed = True
            for extra in set(os.listdir(folder)) - names:
                _remove(os.path.join(folder, extra))
                changed = True
        for path, (content, key) in self._owned_files.items():
            if _stat_key(path) != key:
                _remove(path)
                with open(path, "wb") as file:
                    file.write(content)
                os.chmod(path, stat.S_IMODE(key[-1]))
                self._owned_files[path] = (content, _stat_key(path))
                changed = True
        return changed

    def damage(self):
        """What a program changed that restore() cannot put back (files of the standard library), or None."""
        changed = [path for path, key in self._system_files.items() if _stat_key(path) != key]
        return f"files of Python's standard library were changed: {', '.join(changed[:3])}" if changed else None


def _compiled_packages(modules):
    """The top-level packages of those of `modules` ({name: module}) that are compiled (C extensions)."""
    return {name.partition(".")[0] for name, module in modules.items()
            if isinstance(getattr(getattr(module, "__spec__", None), "loader", None), ExtensionFileLoader)}


def _namespaces_of(modules):
    """[(live mapping, class or None, its contents now)] of these modules and of their mutable classes."""
    modules = [module for module in modules if isinstance(getattr(module, "__dict__", None), dict)]
    classes = {}
    for module in modules:
        for value in vars(module).values():
            if issubclass(type(value), type) and not value.__flags__ & _IMMUTABLE_TYPE:  # runs no __class__ of theirs
                classes[id(value)] = value
    return [(vars(m), None, dict(vars(m))) for m in modules] + [(cls.__dict__, cls, dict(cls.__dict__)) for cls in classes.values()]


def _dict_behind(mapping):
    """The dict that a class's read-only __dict__ shows."""
    return gc.get_referents(mapping)[0]


def _contents(dicts):
    """[every key of `dicts`], [every value], in order, in C loops that run no code of a program."""
    return reduce(iconcat, dicts, []), reduce(iconcat, map(dict.values, dicts), [])


class _Address(_SimpleCData):
    _type_ = "P"  # an object's address: what id() gives on CPython


_ITEMS_OFFSET = list.__basicsize__ - 2 * sizeof(_Address)  # a list object ends with its item array's address, then its capacity


def _address_reader(length):
    """`read(items)`: the addresses of a list's `length` elements, as bytes, read from the list's own
    item array through ctypes. Comparing them compares the elements by identity in one C loop,
    where `map(operator.is_, …)` makes a call for each: ~0.01 against ~3 ms for the worker's
    ~28,000 keys or values in Pyodide."""
    addresses = type("Addresses", (Array,), {"_type_": _Address, "_length_": length})

    def read(items):
        return bytes(addresses.from_address(_Address.from_address(id(items) + _ITEMS_OFFSET).value))

    return read


def _check_address_reader():
    probe = [object(), object()]
    if _address_reader(2)(probe) != b"".join(id(item).to_bytes(sizeof(_Address), sys.byteorder) for item in probe):
        raise ImportError("this Python does not lay out lists as BootState reads them")


_check_address_reader()


def _put_back(live, boot, update=dict.update, delete=dict.__delitem__):
    """A dict back to `boot`'s contents, using no name a program can rebind (defaults bind at import)."""
    extra = [key for key in live if key not in boot]
    update(live, boot)
    for key in extra:
        delete(live, key)


def _restore_namespace(live, cls, boot):
    """Puts a module's, class's or dict's contents back to `boot`; returns whether anything differed."""
    if len(live) == len(boot) and all(map(is_, live.values(), boot.values())) and all(map(is_, live.keys(), boot.keys())):
        return False
    current = dict(live)  # keeps replaced values alive until the namespace is whole again
    extra = [key for key in current if key not in boot]
    if cls is None:
        _put_back(live, boot)
    else:
        for key, value in boot.items():
            if current.get(key, _MISSING) is not value:
                _set_class_attribute(cls, key, value)
        for key in extra:
            _set_class_attribute(cls, key, _MISSING)
    del current
    return True


def _set_class_attribute(cls, key, value):
    try:
        delattr(cls, key) if value is _MISSING else setattr(cls, key, value)
    except (AttributeError, TypeError):
        pass  # a slot Python itself manages (__dict__, __weakref__): it cannot have been changed either


_MISSING = object()


def _warning_filters():
    import warnings
    return warnings.filters


def _filters_mutated():
    """Tells the warnings machinery its filters list changed (it caches which warnings it showed)."""
    import warnings
    getattr(warnings, "_filters_mutated", lambda: None)()


def _stat_key(path):
    """What changes when anything about the file does; its mode last. (ctime: a write in place whose
    mtime is set back with os.utime still changes it.)"""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_mode)


def _system_paths(owned_dirs):
    """The standard library's zip and files on sys.path outside the trees this state owns."""
    paths = []
    for entry in sys.path:
        if not entry or any(entry == top or entry.startswith(top + os.sep) for top in owned_dirs):
            continue
        if os.path.isfile(entry):
            paths.append(entry)
        elif os.path.isdir(entry):
            for folder, _, files in os.walk(entry):
                paths.extend(os.path.join(folder, name) for name in files)
    return paths


def _remove(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path, ignore_errors=True)
    else:
        try:
            os.remove(path)
        except OSError:
            pass
