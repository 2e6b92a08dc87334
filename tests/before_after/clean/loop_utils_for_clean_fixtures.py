"""Helpers imported by the clean fixture `clear_in_helper_of_sibling_module.py`.

`start_batch` clears the model's gradients; a loop that calls it clears every iteration,
though the clear is written in this module, not in the loop's.
"""


def start_batch(model, x, y):
    """Put the model in training mode, drop the gradients of the previous step, and hand back
    the batch in the model's dtype."""
    model.train()
    model.zero_grad(set_to_none=True)
    dtype = next(model.parameters()).dtype
    return x.to(dtype), y
