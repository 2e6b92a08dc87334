from accelerate import Accelerator


def train(model, loader, optimizer, criterion):
    accelerator = Accelerator(gradient_accumulation_steps=2)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for x, y in loader:
        with accelerator.accumulate(model):
            # the mean of two views' losses: the 2 is not the accumulation count
            loss = (criterion(model(x), y) + criterion(model(x.flip(-1)), y)) / 2
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
