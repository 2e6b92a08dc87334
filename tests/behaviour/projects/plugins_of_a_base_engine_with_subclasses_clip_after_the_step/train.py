import hashlib
import json

import torch

from plugins import NormClip, StepCounter
from tasks import Regression, WeightedRegression

torch.manual_seed(0)
torch.set_num_threads(1)
net = torch.nn.Sequential(torch.nn.Linear(3, 6), torch.nn.Tanh(), torch.nn.Linear(6, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.2, momentum=0.9)
batches = [(torch.randn(4, 3), 5.0 * torch.randn(4, 1)) for _ in range(3)]
plugins = [NormClip(0.5), StepCounter()]
first = Regression(net, opt, batches, 6, plugins=plugins)
first.run()
second = WeightedRegression(net, opt, batches, 4, plugins=plugins)
second.run()
digest = hashlib.sha256()
for param in net.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": first.losses + second.losses, "weights_sha256": digest.hexdigest()}))
