# The loop switches the model back to train() at the top of every iteration. The periodic
# report switches to eval() after this iteration's training forward and runs an eval forward
# with gradients on (its result only feeds a printed accuracy): the backward that follows
# walks the graph recorded in train mode, and the next forward comes after model.train().
import torch
import torch.nn as nn

inputs = torch.randn(64, 6)
targets = torch.randint(0, 4, (64,))

model = nn.Sequential(nn.Linear(6, 32), nn.ReLU(), nn.Dropout(0.3), nn.Linear(32, 4))
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

history = []
for epoch in range(200):
    model.train()
    logits = model(inputs)
    loss = criterion(logits, targets)

    if epoch % 20 == 0:
        model.eval()
        preds = model(inputs).argmax(dim=1)
        accuracy = (preds == targets).float().mean()
        history.append(accuracy.item())
        print(f"epoch {epoch}: loss {loss.item():.4f} accuracy {accuracy.item():.3f}")

    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
