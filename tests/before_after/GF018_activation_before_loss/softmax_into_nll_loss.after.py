import torch
import torch.nn.functional as F

model.train()
for data, target in train_loader:
    optimizer.zero_grad()
    output = model(data)
    loss = F.nll_loss(F.log_softmax(output, dim=1), target)
    loss.backward()
    optimizer.step()
