# The probabilities are taken before the logits are scaled in place: the loss is reported, but
# handing it the logits would hand it the scaled ones, so no fix is offered.
import torch
import torch.nn.functional as F

net = torch.nn.Linear(8, 3)
opt = torch.optim.SGD(net.parameters(), lr=0.5)
for inputs, labels in []:
    opt.zero_grad()
    logits = net(inputs)
    probs = torch.softmax(logits, dim=1)
    logits.mul_(2.0)
    loss = F.cross_entropy(probs, labels)
    loss.backward()
    opt.step()
