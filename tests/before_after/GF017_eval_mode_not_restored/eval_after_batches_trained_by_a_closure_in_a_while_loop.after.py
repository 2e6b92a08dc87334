import torch


def main(batches, epochs=5):
    model = torch.nn.Sequential(torch.nn.Linear(3, 8), torch.nn.Dropout(0.2), torch.nn.Linear(8, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    model.train()
    epoch = 0
    while epoch < epochs:

        def step(inputs, targets):
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(inputs), targets).backward()
            optimizer.step()

        model.train()
        for inputs, targets in batches:
            step(inputs, targets)
        model.train(False)
        with torch.no_grad():
            score = sum(model(inputs).mean().item() for inputs, _ in batches)
        print(score)
        epoch += 1
    return model
