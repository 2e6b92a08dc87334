import torch

model = torch.nn.Linear(10, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
criterion = torch.nn.CrossEntropyLoss()


def train(loader):
    for x, y in loader:
        # reset the gradients for the next batch
        optimizer.zero_grad()
        out = model(x)
        loss = criterion(out, y)
        loss.backward()

        optimizer.step()
