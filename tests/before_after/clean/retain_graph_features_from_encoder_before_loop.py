import torch

encoder = torch.nn.Linear(4, 4)
head = torch.nn.Linear(4, 1)
loader = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
optimizer = torch.optim.SGD(head.parameters(), lr=0.1)
# the encoder runs once, before training; its graph is part of every loss below, so
# every backward goes through it again and must keep it
features = [(torch.tanh(encoder(x)), y) for x, y in loader]
for epoch in range(2):
    for feats, y in features:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(head(feats), y)
        loss.backward(retain_graph=True)
        optimizer.step()
