# The end-of-batch work is a list of lambdas run after the backward; the one that steps is
# never paired with a clear, so every step applies the gradients of all batches so far.
import torch
import torch.nn.functional as F

model = torch.nn.Sequential(torch.nn.Linear(10, 32), torch.nn.ReLU(), torch.nn.Linear(32, 5))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.99)
after_batch = [lambda: optimizer.step(), lambda: scheduler.step()]

for epoch in range(3):
    for inputs, labels in [(torch.randn(16, 10), torch.randint(0, 5, (16,))) for _ in range(8)]:
        loss = F.cross_entropy(model(inputs), labels)
        loss.backward()
        for callback in after_batch:
            callback()
