import torch

model = torch.nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
loader = []

for x, y in loader:  # one pass over the data
    # forward pass
    out = model(x)
    loss = torch.nn.functional.cross_entropy(out, y)  # mean over the batch

    # backward pass and update
    loss.backward()
    optimizer.step()  # apply the update
