"""After each epoch the model is switched to eval mode and a test-time adaptation evaluation
adapts it on augmented copies of each test point with the source batch-norm statistics (eval
mode on purpose), predicts, and restores the weights it saved with `state_dict()` (no forward
pass). The loop switches back to `train()` at its top."""
import torch
import torch.nn.functional as F
from torch import nn

model = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 3))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
adapt_optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
train_batches = [(torch.randn(16, 4), torch.randint(0, 3, (16,))) for _ in range(3)]
test_points = [(torch.randn(1, 4), torch.randint(0, 3, (1,))) for _ in range(3)]


def adapted_accuracy(model):
    saved = {name: value.clone() for name, value in model.state_dict().items()}
    hits = 0
    for x, y in test_points:
        copies = x + 0.1 * torch.randn(8, 4)
        adapt_optimizer.zero_grad(set_to_none=True)
        marginal = model(copies).softmax(1).mean(0)
        (-(marginal * marginal.log()).sum()).backward()
        adapt_optimizer.step()
        with torch.no_grad():
            hits += int(model(x).argmax(1).item() == y.item())
        model.load_state_dict(saved)
    return hits / len(test_points)


for epoch in range(3):
    model.train()
    for x, y in train_batches:
        optimizer.zero_grad(set_to_none=True)
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
    model.eval()
    print(epoch, adapted_accuracy(model))
