# The model (models.py) clamps the gradient at its features with a hook, once per backward
# pass: merging the two backward calls would clamp their sum instead. Reported without a fix.
import torch
import torch.nn.functional as F

from models import TwoHeadNet


def main(loader):
    model = TwoHeadNet()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
    for x, y in loader:
        optimizer.zero_grad()
        out_a, out_b = model(x)
        loss_a = F.cross_entropy(out_a, y)
        loss_b = F.cross_entropy(out_b, 1 - y)
        loss_a.backward(retain_graph=True)
        loss_b.backward()
        optimizer.step()
