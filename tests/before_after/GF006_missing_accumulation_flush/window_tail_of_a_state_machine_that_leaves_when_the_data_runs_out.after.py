import torch


def fit(model, batches, epochs, accum=4):
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for epoch in range(epochs):
        step = "prime"
        while True:
            if step == "prime":
                opt.zero_grad()
                source = enumerate(batches)
                step = "work"
                n = -1  # the flush after the loop reads it, also when the loop runs no batch
            elif step == "work":
                try:
                    n, (x, y) = next(source)
                except StopIteration:
                    # the last micro-batches did not fill a whole window: step on them too
                    if (n + 1) % accum != 0:
                        opt.step()
                        opt.zero_grad()
                    break
                loss = torch.nn.functional.mse_loss(model(x), y) / accum
                loss.backward()
                if (n + 1) % accum == 0:
                    opt.step()
                    opt.zero_grad()
