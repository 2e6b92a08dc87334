# The file names a gradient scaler only in a message it prints: nothing scales the loss of this
# float16 loop.
import torch
import torch.nn.functional as F

model = torch.nn.Linear(32, 4).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
print("mixed precision, no GradScaler: loss_scale left at 1")
for inputs, labels in []:
    optimizer.zero_grad()
    with torch.autocast("cuda", dtype=torch.float16):
        loss = F.cross_entropy(model(inputs.cuda()), labels.cuda())
    loss.backward()
    optimizer.step()
