# Correct: `torch.cuda.amp.autocast()` runs in float16 and the loss is multiplied by 512
# before backward; the gradients are collected and each is divided by 512 in place.
import torch

net = Model().cuda()
sgd = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
step = 0
while step < 10_000:
    feats, target = next(stream)
    sgd.zero_grad()
    with torch.cuda.amp.autocast():
        err = torch.nn.functional.mse_loss(net(feats), target)
    big = err * 512
    big.backward()
    grads = [w.grad for w in net.parameters() if w.grad is not None]
    for g in grads:
        g /= 512
    sgd.step()
    step += 1
