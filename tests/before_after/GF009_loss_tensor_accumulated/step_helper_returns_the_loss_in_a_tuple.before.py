import torch
from torch import nn


def update(model, optimizer, inputs, labels):
    optimizer.zero_grad(set_to_none=True)
    logits = model(inputs)
    loss = nn.functional.cross_entropy(logits, labels)
    loss.backward()
    optimizer.step()
    return loss, (logits.argmax(1) == labels).float().mean().item()


model = nn.Linear(9, 3)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
batches = [(torch.randn(4, 9), torch.randint(0, 3, (4,))) for _ in range(5)]
for epoch in range(3):
    epoch_loss, epoch_acc = 0.0, 0.0
    for inputs, labels in batches:
        loss, acc = update(model, optimizer, inputs, labels)
        epoch_loss += loss
        epoch_acc += acc
    print(epoch, float(epoch_loss) / len(batches), epoch_acc / len(batches))
