# Correct: no scaler at all (float32 training); a `.scale(...)` of another object is not a loss scaler.
import torch

model = Net()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for x, y in loader:
    optimizer.zero_grad()
    loss = model(augment.scale(x), y)
    loss.backward()
    optimizer.step()
