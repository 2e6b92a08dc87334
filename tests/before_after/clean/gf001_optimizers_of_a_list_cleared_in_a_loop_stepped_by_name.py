# Correct: every optimizer of the tuple is cleared by the loop over it, then each is stepped
# by name.
import torch


class TwoTower:
    def __init__(self, query_net, doc_net):
        self.q_opt = torch.optim.AdamW(query_net.parameters(), lr=2e-5)
        self.d_opt = torch.optim.AdamW(doc_net.parameters(), lr=2e-5)
        self.all_opts = (self.q_opt, self.d_opt)

    def run(self, pairs):
        for q, d in pairs:
            for o in self.all_opts:
                o.zero_grad()
            loss = self.contrastive(q, d)
            loss.backward()
            self.q_opt.step()
            self.d_opt.step()
