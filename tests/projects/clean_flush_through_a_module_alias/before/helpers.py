def apply_update(optim):
    optim.step()
    optim.zero_grad()
