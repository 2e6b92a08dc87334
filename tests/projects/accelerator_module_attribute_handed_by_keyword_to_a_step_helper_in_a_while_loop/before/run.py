import accelerate
import torch

from lib import update

ac = accelerate.Accelerator(cpu=True)
net = torch.nn.Sequential(torch.nn.Linear(6, 8), torch.nn.ReLU(), torch.nn.Linear(8, 3))
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
net, opt = ac.prepare(net, opt)
stream = iter([(torch.randn(4, 6), torch.randint(0, 3, (4,))) for _ in range(10)])
done = 0
while done < 10:
    x, y = next(stream)
    update.run_batch(net, opt, x, y, ac=ac)
    done += 1
