import torch
import torch.nn.functional as F


def train_step(model, optimizer, x, y):
    optimizer.zero_grad()
    logits = model(x)
    loss = F.cross_entropy(logits, y)
    loss.backward(retain_graph=True)
    optimizer.step()
    return {"loss": loss.item(), "accuracy": (logits.argmax(1) == y).float().mean().item()}


model = torch.nn.Linear(12, 3)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [(torch.randn(8, 12), torch.randint(0, 3, (8,)))]
for epoch in range(5):
    for x, y in loader:
        metrics = train_step(model, optimizer, x, y)
