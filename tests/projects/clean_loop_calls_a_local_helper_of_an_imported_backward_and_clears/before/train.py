from engine import backprop


def run(model, opt, batch):
    opt.zero_grad()
    backprop(model, batch)


def train(model, opt, loader, epochs):
    for _ in range(epochs):
        for batch in loader:
            run(model, opt, batch)
            opt.step()
