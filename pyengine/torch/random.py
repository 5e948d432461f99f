"""torch.random: seeding and state of the default generator."""
import contextlib

from ._random_ops import Generator, default_generator


def manual_seed(seed):
    """Seed the default generator; returns it, as PyTorch does."""
    return default_generator.manual_seed(int(seed) if not isinstance(seed, int) else seed)


def seed():
    """Seed the default generator nondeterministically and return the seed used."""
    return default_generator.seed()


def initial_seed():
    return default_generator.initial_seed()


def get_rng_state():
    return default_generator.get_state()


def set_rng_state(new_state):
    default_generator.set_state(new_state)


@contextlib.contextmanager
def fork_rng(devices=None, enabled=True, **_):
    """Restore the default generator's state when the block ends."""
    if not enabled:
        yield
        return
    state = get_rng_state()
    try:
        yield
    finally:
        set_rng_state(state)


__all__ = ["Generator", "manual_seed", "seed", "initial_seed", "get_rng_state", "set_rng_state", "fork_rng"]


def thread_safe_generator():
    """The calling thread's own generator, if it was given one: none ever is here."""
    return None
