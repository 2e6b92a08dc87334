from lib.checks import score


def train(model, batches, val_batches, epochs=3):
    opt, sched = model.configure_optimizers()
    history = []
    epoch = 0
    while epoch < epochs:
        model.train()
        sched.step()
        for batch in batches:
            opt.zero_grad()
            loss = model.training_step(batch)
            loss.backward()
            opt.step()
        history.append(score(model, val_batches))
        epoch += 1
    return history
