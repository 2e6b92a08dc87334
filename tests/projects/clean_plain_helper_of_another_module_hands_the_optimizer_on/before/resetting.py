def fresh_batch(optimizer):
    optimizer.zero_grad(set_to_none=True)
