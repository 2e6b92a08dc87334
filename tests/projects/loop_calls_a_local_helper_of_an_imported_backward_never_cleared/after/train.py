from engine import backprop


def run(model, batch):
    backprop(model, batch)


def train(model, opt, loader, epochs):
    epoch = 0
    while epoch < epochs:
        for batch in loader:
            opt.zero_grad(set_to_none=True)
            run(model, batch)
            opt.step()
        epoch += 1
