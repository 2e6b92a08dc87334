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
            elif step == "work":
                try:
                    n, (x, y) = next(source)
                except StopIteration:
                    break
                loss = torch.nn.functional.mse_loss(model(x), y) / accum
                loss.backward()
                if (n + 1) % accum == 0:
                    opt.step()
                    opt.zero_grad()
