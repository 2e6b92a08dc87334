# Correct: the loss is multiplied by a fixed factor and the optimizer's learning rate is
# divided by the same factor (plain SGD: the update is unchanged), so float16 gradients are
# kept away from underflow by hand.
import torch

factor = 256.0
net = Model().cuda()
sgd = torch.optim.SGD(net.parameters(), lr=0.01 / factor)
for epoch in range(5):
    for a, b in pairs:
        sgd.zero_grad()
        with torch.autocast(device_type="cuda", dtype=torch.float16):
            objective = net(a, b).mean()
        objective.mul(factor).backward()
        sgd.step()
